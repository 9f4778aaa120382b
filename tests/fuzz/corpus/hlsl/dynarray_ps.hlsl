struct S { float2 p; float q; };
float4 main(float4 a : TEXCOORD0) : SV_Target
{
    float arr[4] = {1, 2, 3, 4};
    S s[3] = (S[3])0;
    int i = (int)a.x;
    arr[i] = 10 * a.y;
    arr[3 - i] += 5;
    s[i].p.y = a.y;
    switch (i) { case 0: if (a.y > 1) break; arr[1] = 3; case 1: arr[2] = 1; break; default: break; }
    return float4(arr[i], s[2 - i].p.y, arr[0], arr[3]);
}
