#define NUM_LIGHTS 3
struct Light { float3 dir; float pad; float4 color; };
cbuffer Scene : register(b1)
{
    row_major float4x4 world;
    Light lights[NUM_LIGHTS];
    float4 ambient;
    int count;
};
static const float kScale = 0.5;
float3 shade(float3 n, Light l, out float ndl)
{
    ndl = saturate(dot(n, -l.dir));
    return l.color.rgb * ndl;
}
float4 main(float4 pos : SV_Position, float3 normal : NORMAL, float2 uv : TEXCOORD0) : SV_Target
{
    float3 n = normalize(normal);
    float3 c = ambient.rgb;
    float total = 0;
    [unroll] for (int i = 0; i < NUM_LIGHTS; i++) {
        float d;
        c += shade(n, lights[i], d);
        total += d;
    }
    for (int j = 0; j < count; j++)
        c += lights[j].color.rgb * 0.1;
    clip(uv.x - 0.5);
    if (total < 0.01)
        discard;
    return float4(c * kScale, total);
}
