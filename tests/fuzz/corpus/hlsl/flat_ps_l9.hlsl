cbuffer C { float threshold; float4 tint; };
float4 main(float4 p : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float4 c = float4(uv, 0, 1);
    if (uv.x > threshold) {
        c.rgb = tint.rgb;
        if (uv.y > 0.5) discard;
    } else
        c.b = 1;
    float k = uv.y < 0.25 ? 2 : 1;
    return c * k;
}
