#define NUM_LIGHTS 2
struct Light { float3 dir; float intensity; float4 color; };
cbuffer Lights : register(b0)
{
    Light lights[NUM_LIGHTS];
    float4 ambient;
};
float lambert(float3 n, float3 l) { return saturate(dot(n, -l)); }
float4 main(float4 pos : SV_Position, float3 n : NORMAL, float2 uv : TEXCOORD0) : SV_Target
{
    clip(uv.x - 0.5);
    float3 nn = normalize(n);
    float3 c = ambient.rgb;
    [unroll] for (int i = 0; i < NUM_LIGHTS; i++)
        c += lights[i].color.rgb * lights[i].intensity * lambert(nn, lights[i].dir);
    float slope = ddx(uv.x) * 16;   /* one pixel of 16 across */
    return float4(c, slope);
}
