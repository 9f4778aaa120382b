cbuffer C { float a; float b; };
float classify(float x)
{
    if (x < a) return -1;
    if (x > b) return 1;
    return 0;
}
float4 main(float4 pos : SV_Position, float4 uv : TEXCOORD0) : SV_Target
{
    float k = classify(uv.x);
    if (uv.y > 0.8) return float4(1, 2, 3, 4);
    if (uv.z > 0.7) { if (uv.w > 0.5) return uv; discard; }
    [unroll] for (int i = 0; i < 3; i++)
        if (uv.w * 3 < i) return float4(i, k, 0, 0);
    clip(uv.x - 0.1);
    return float4(k, uv.yzw);
}
